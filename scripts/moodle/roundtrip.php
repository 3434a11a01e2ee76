<?php
// A round trip of a looplab Moodle XML export through a real Moodle 5.x (where question
// banks are course activities, mod_qbank): imports the file into a new course's question
// bank as Moodle's Import page does (categories from the file, grades must be ones Moodle
// offers, stop on error), then exports the imported questions again as its Export page
// does. Import Moodle's file back into a looplab bank and compare:
//
//   looplab content export --format moodle > in.xml
//   php -d memory_limit=4096M /path/to/moodle/roundtrip.php in.xml out.xml   # copy it beside Moodle's config.php
//   looplab content --content /tmp/bank import out.xml
//   diff <(looplab content export) <(looplab content --content /tmp/bank export)
//
// Not run by the tests (they need no Moodle); docs/lti-moodle.md and docs/integrations.md say what it found.
define('CLI_SCRIPT', true);
require(__DIR__ . '/config.php');
require_once($CFG->libdir . '/questionlib.php');
require_once($CFG->dirroot . '/question/format.php');
require_once($CFG->dirroot . '/question/editlib.php');
require_once($CFG->dirroot . '/question/format/xml/format.php');
require_once($CFG->dirroot . '/course/lib.php');
[$in, $out] = array_slice($argv, 1, 2);
\core\session\manager::set_user(get_admin());
$course = create_course((object)['fullname' => 'Round trip ' . time(), 'shortname' => 'rt' . time(), 'category' => 1]);
$qbank = \core_question\local\bank\question_bank_helper::get_default_open_instance_system_type($course, true);
$context = context_module::instance($qbank->id);
$category = question_get_default_category($context->id, true);
$contexts = new core_question\local\bank\question_edit_contexts($context);

$qformat = new qformat_xml();
$qformat->setCategory($category);
$qformat->setContexts($contexts->having_one_edit_tab_cap('import'));
$qformat->setCourse($course);
$qformat->setFilename($in);
$qformat->setRealfilename(basename($in));
$qformat->setMatchgrades('error');
$qformat->setCatfromfile(true);
$qformat->setContextfromfile(false);
$qformat->setStoponerror(true);
$qformat->set_display_progress(false);
ob_start();
$ok = $qformat->importpreprocess() && $qformat->importprocess() && $qformat->importpostprocess();
$log = ob_get_clean();
if (!$ok) { fwrite(STDERR, "import failed\n" . strip_tags($log)); exit(1); }
$top = question_get_top_category($context->id);
$looplab = $DB->get_record('question_categories', ['contextid' => $context->id, 'parent' => $top->id, 'name' => 'looplab'], '*', MUST_EXIST);
$n = $DB->count_records_sql('SELECT COUNT(1) FROM {question_bank_entries} e JOIN {question_categories} c ON c.id = e.questioncategoryid WHERE c.contextid = ?', [$context->id]);
fwrite(STDERR, "imported $n questions\n");

$export = new qformat_xml();
$export->setCategory($looplab);
$export->setContexts($contexts->having_one_edit_tab_cap('export'));
$export->setCourse($course);
$export->setCattofile(true);
$export->setContexttofile(true);
$xml = $export->exportprocess();
file_put_contents($out, $xml);
fwrite(STDERR, "exported " . strlen($xml) . " bytes\n");
