<?php
// Grades looplab's exported questions in a real Moodle 5.x, answer by answer, and checks
// that Moodle gives each answer the credit looplab gives it. The answers (every order up
// to six lines, every option or set of options, numbers around each tolerance) and
// looplab's credits come from the test that grades them against Moodle's rules in Go
// (export/grades_test.go); here Moodle's own question engine grades them: each answer is
// a fresh attempt (deferred feedback), submitted and finished as a student's would be.
//
//   LOOPLAB_MOODLE_CASES=$DIR go test ./export -run TestExportsGradeAsLooplab   # DIR/bank.xml, DIR/cases.jsonl
//   MOODLE_DIR=/path/to/moodle php -d memory_limit=4096M scripts/moodle/grades.php $DIR/bank.xml $DIR/cases.jsonl
//
// scripts/moodle/check.sh runs both. It prints the answers compared per question
// type and every disagreement, and exits 1 if there is one.
require(__DIR__ . '/lib.php');
[$xml, $casesfile] = array_slice($argv, 1, 2);
[$course, $context, $top, $n] = looplab_import($xml);
fwrite(STDERR, "imported $n questions\n");

$ids = $DB->get_records_sql_menu('SELECT e.idnumber, MAX(v.questionid) FROM {question_bank_entries} e
    JOIN {question_versions} v ON v.questionbankentryid = e.id
    JOIN {question_categories} c ON c.id = e.questioncategoryid
    WHERE c.contextid = ? GROUP BY e.idnumber', [$context->id]);
$questions = [];
$compared = [];
$bad = 0;
$in = fopen($casesfile, 'r');
while (($line = fgets($in)) !== false) {
    $c = json_decode($line);
    if (!isset($ids[$c->idnumber])) {
        fwrite(STDERR, "no question {$c->idnumber} in the bank\n");
        exit(1);
    }
    $q = $questions[$c->idnumber] ??= question_bank::load_question($ids[$c->idnumber]);
    $quba = question_engine::make_questions_usage_by_activity('core_question_preview', $context);
    $quba->set_preferred_behaviour('deferredfeedback');
    $slot = $quba->add_question($q, 1);
    $quba->start_question($slot);
    $answerids = array_keys($q->answers); // in the file's order
    $response = [];
    switch ($c->type) {
        case 'multichoice':
            $order = $q->get_order($quba->get_question_attempt($slot));
            foreach ($c->response as $i) {
                $k = array_search($answerids[$i], $order);
                if ($q instanceof qtype_multichoice_single_question) {
                    $response['answer'] = $k;
                } else {
                    $response['choice' . $k] = 1;
                }
            }
            break;
        case 'ordering':
            $keys = [];
            foreach ($c->response as $i) {
                $keys[] = $q->answers[$answerids[$i]]->md5key;
            }
            $response[$q->get_response_fieldname()] = implode(',', $keys);
            break;
        case 'numerical':
            $response['answer'] = $c->number;
            break;
        default:
            fwrite(STDERR, "type {$c->type}?\n");
            exit(1);
    }
    $quba->process_action($slot, $response);
    $quba->finish_all_questions();
    $fraction = (float)$quba->get_question_fraction($slot);
    $compared[$c->type] = ($compared[$c->type] ?? 0) + 1;
    if (abs($fraction - $c->looplab) > 1e-6) {
        $bad++;
        if ($bad <= 30) {
            printf("%s (%s) %s: Moodle %.4f, looplab %.4f\n", $c->idnumber, $c->type,
                json_encode($c->response ?? $c->number), $fraction, $c->looplab);
        }
    }
}
foreach ($compared as $type => $count) {
    printf("%s: %d answers\n", $type, $count);
}
printf("%d questions, %d answers graded differently\n", count($questions), $bad);
exit($bad ? 1 : 0);
