<?php
// A round trip of a looplab Moodle XML export through a real Moodle 5.x (where question
// banks are course activities, mod_qbank): imports the file into a new course's question
// bank as Moodle's Import page does (categories from the file, grades must be ones Moodle
// offers, stop on error), then exports the imported questions again as its Export page
// does. Import Moodle's file back into the bank it came from: a no-op.
//
//   looplab content export --format moodle > in.xml
//   MOODLE_DIR=/path/to/moodle php -d memory_limit=4096M scripts/moodle/roundtrip.php in.xml out.xml
//   looplab content --content content/bank import out.xml    # "... 108 unchanged"
//
// Not run by the tests (they need no Moodle); docs/lti-moodle.md and docs/integrations.md say what it found.
require(__DIR__ . '/lib.php');
[$in, $out] = array_slice($argv, 1, 2);
[$course, $context, $top, $n] = looplab_import($in);
fwrite(STDERR, "imported $n questions\n");
$looplab = $DB->get_record('question_categories', ['contextid' => $context->id, 'parent' => $top->id, 'name' => 'looplab'], '*', MUST_EXIST);
$contexts = new core_question\local\bank\question_edit_contexts($context);
$export = new qformat_xml();
$export->setCategory($looplab);
$export->setContexts($contexts->having_one_edit_tab_cap('export'));
$export->setCourse($course);
$export->setCattofile(true);
$export->setContexttofile(true);
$xml = $export->exportprocess();
file_put_contents($out, $xml);
fwrite(STDERR, "exported " . strlen($xml) . " bytes\n");
