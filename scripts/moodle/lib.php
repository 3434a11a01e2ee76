<?php
// Shared by the scripts beside it: load a Moodle 5.x (MOODLE_DIR, its root where config.php
// is) as a CLI script, and import a Moodle XML file into a new course's question bank as
// Moodle's Import page does. Nothing here is run by the tests (they need no Moodle).
define('CLI_SCRIPT', true);
$moodledir = getenv('MOODLE_DIR') ?: __DIR__;
if (!is_file($moodledir . '/config.php')) {
    fwrite(STDERR, "set MOODLE_DIR to the Moodle root that holds config.php\n");
    exit(2);
}
require($moodledir . '/config.php');
require_once($CFG->libdir . '/questionlib.php');
require_once($CFG->dirroot . '/question/format.php');
require_once($CFG->dirroot . '/question/editlib.php');
require_once($CFG->dirroot . '/question/format/xml/format.php');
require_once($CFG->dirroot . '/course/lib.php');

/**
 * Imports a Moodle XML file into the question bank of a new course (Moodle 5.x: a
 * mod_qbank activity), as the Import page does with "Get category from file" ticked,
 * "Match grades" at "Error if grade not listed" and "Stop on error".
 *
 * @return array [course, the bank's context, its top category, the number of questions]
 */
function looplab_import(string $file): array {
    global $DB;
    \core\session\manager::set_user(get_admin());
    $stamp = time() . random_int(100, 999);
    $course = create_course((object)['fullname' => 'looplab ' . $stamp, 'shortname' => 'looplab' . $stamp, 'category' => 1]);
    $qbank = \core_question\local\bank\question_bank_helper::get_default_open_instance_system_type($course, true);
    $context = context_module::instance($qbank->id);
    $category = question_get_default_category($context->id, true);
    $contexts = new core_question\local\bank\question_edit_contexts($context);

    $qformat = new qformat_xml();
    $qformat->setCategory($category);
    $qformat->setContexts($contexts->having_one_edit_tab_cap('import'));
    $qformat->setCourse($course);
    $qformat->setFilename($file);
    $qformat->setRealfilename(basename($file));
    $qformat->setMatchgrades('error');
    $qformat->setCatfromfile(true);
    $qformat->setContextfromfile(false);
    $qformat->setStoponerror(true);
    $qformat->set_display_progress(false);
    ob_start();
    $ok = $qformat->importpreprocess() && $qformat->importprocess() && $qformat->importpostprocess();
    $log = ob_get_clean();
    if (!$ok) {
        fwrite(STDERR, "import failed\n" . strip_tags($log));
        exit(1);
    }
    $n = $DB->count_records_sql('SELECT COUNT(1) FROM {question_bank_entries} e
        JOIN {question_categories} c ON c.id = e.questioncategoryid WHERE c.contextid = ?', [$context->id]);
    return [$course, $context, question_get_top_category($context->id), $n];
}
