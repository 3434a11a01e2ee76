package api

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// Assessments: a class's instructor gives it sets of questions with open and close
// dates and the attempts allowed at each (POST /v1/classes/{id}/assessments); the
// class's learners answer them (POST /v1/attempts with assessment_id), see them with
// where they stand (GET /v1/learners/{id}/assessments), and the instructor reads the
// class's gradebook, as JSON or CSV (GET /v1/classes/{id}/gradebook).

type assessmentRequest struct {
	Title           *string    `json:"title"`
	OpensAt         *time.Time `json:"opens_at"`
	ClosesAt        *time.Time `json:"closes_at"`
	AttemptsAllowed *int       `json:"attempts_allowed"`
	QuestionIDs     []int64    `json:"question_ids"`
}

// apply sets the fields the request gives.
func (r assessmentRequest) apply(a *quiz.Assessment) {
	if r.Title != nil {
		a.Title = *r.Title
	}
	if r.OpensAt != nil {
		a.OpensAt = *r.OpensAt
	}
	if r.ClosesAt != nil {
		a.ClosesAt = *r.ClosesAt
	}
	if r.AttemptsAllowed != nil {
		a.AttemptsAllowed = *r.AttemptsAllowed
	}
	if r.QuestionIDs != nil {
		a.QuestionIDs = r.QuestionIDs
	}
}

// assessmentView is an assessment with its state at the time of the request.
type assessmentView struct {
	*quiz.Assessment
	State string `json:"state"`
}

func (s *Server) viewAssessment(a *quiz.Assessment) assessmentView {
	return assessmentView{a, a.State(s.Now())}
}

// handleAssessmentCreate gives a class an assessment (POST /v1/classes/{id}/assessments).
func (s *Server) handleAssessmentCreate(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	var req assessmentRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	a := &quiz.Assessment{ClassID: cl.ID}
	req.apply(a)
	if err := s.checkAssessment(c, a, true); err != nil {
		return err
	}
	if err := s.Assessments.CreateAssessment(c.UserContext(), a); err != nil {
		return err
	}
	c.Location("/v1/assessments/" + itoa(a.ID))
	return c.Status(fiber.StatusCreated).JSON(s.viewAssessment(a))
}

// checkAssessment validates an assessment; with questions, it also refuses a question
// learners do not see (a draft, a withdrawn question; a change that keeps the questions
// does not look at them again). Every field at fault is named.
func (s *Server) checkAssessment(c *fiber.Ctx, a *quiz.Assessment, questions bool) error {
	fe := quiz.ErrorFields(a.Validate())
	for i, id := range a.QuestionIDs {
		if !questions {
			break
		}
		q, err := s.Questions.FindQuestionByID(c.UserContext(), id)
		switch {
		case quiz.ErrorCode(err) == quiz.ENOTFOUND || err == nil && !principal(c).CanSee(q):
			fe = append(fe, quiz.FieldError{Field: fmt.Sprintf("question_ids[%d]", i), Message: "is not a question"})
		case err != nil:
			return err
		case !q.Status.Live():
			fe = append(fe, quiz.FieldError{Field: fmt.Sprintf("question_ids[%d]", i), Message: "is " + string(q.Status) + ": learners cannot answer it"})
		}
	}
	return quiz.Invalid("The assessment is invalid.", fe)
}

// handleAssessmentList lists a class's assessments (GET /v1/classes/{id}/assessments).
func (s *Server) handleAssessmentList(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	as, err := s.Assessments.ClassAssessments(c.UserContext(), cl.ID)
	if err != nil {
		return err
	}
	out := make([]assessmentView, len(as))
	for i, a := range as {
		out[i] = s.viewAssessment(a)
	}
	return c.JSON(map[string]any{"items": out})
}

// managedAssessment loads the assessment of the path, of a class the caller manages.
func (s *Server) managedAssessment(c *fiber.Ctx) (*quiz.Assessment, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return nil, err
	}
	if err := principal(c).CanAuthor(); err != nil {
		return nil, err
	}
	a, err := s.Assessments.FindAssessmentByID(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	cl, err := s.Classes.FindClassByID(c.UserContext(), a.ClassID)
	if err != nil {
		return nil, err
	}
	if principal(c).CanManageClass(cl) != nil {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Assessment %d not found.", id)
	}
	return a, nil
}

// handleAssessmentGet returns an assessment (GET /v1/assessments/{id}).
func (s *Server) handleAssessmentGet(c *fiber.Ctx) error {
	a, err := s.managedAssessment(c)
	if err != nil {
		return err
	}
	return c.JSON(s.viewAssessment(a))
}

// handleAssessmentPatch changes an assessment's fields (PATCH /v1/assessments/{id}):
// moving closes_at to now closes it early, later reopens it.
func (s *Server) handleAssessmentPatch(c *fiber.Ctx) error {
	a, err := s.managedAssessment(c)
	if err != nil {
		return err
	}
	var req assessmentRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	req.apply(a)
	if err := s.checkAssessment(c, a, req.QuestionIDs != nil); err != nil {
		return err
	}
	if err := s.Assessments.UpdateAssessment(c.UserContext(), a); err != nil {
		return err
	}
	return c.JSON(s.viewAssessment(a))
}

// handleAssessmentDelete deletes an assessment nobody answered (DELETE /v1/assessments/{id}).
func (s *Server) handleAssessmentDelete(c *fiber.Ctx) error {
	a, err := s.managedAssessment(c)
	if err != nil {
		return err
	}
	if err := s.Assessments.DeleteAssessment(c.UserContext(), a.ID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// learnerAssessment is an assessment as one of its learners sees it: its state, and per
// question the attempts used and the best score there.
type learnerAssessment struct {
	assessmentView
	ClassName string         `json:"class_name"`
	Questions []questionMark `json:"questions"`
	Score     float64        `json:"score"`
}

type questionMark struct {
	QuestionID int64   `json:"question_id"`
	Attempts   int     `json:"attempts"`
	BestScore  float64 `json:"best_score"`
}

// handleLearnerAssessments lists the assessments of a learner's classes with where the
// learner stands on each (GET /v1/learners/{id}/assessments): the learner, or staff.
func (s *Server) handleLearnerAssessments(c *fiber.Ctx) error {
	id, err := s.learnerFor(c)
	if err != nil {
		return err
	}
	classes, err := s.Classes.LearnerClasses(c.UserContext(), id)
	if err != nil {
		return err
	}
	out := []learnerAssessment{}
	for _, cl := range classes {
		as, err := s.Assessments.ClassAssessments(c.UserContext(), cl.ID)
		if err != nil {
			return err
		}
		results, err := s.Assessments.AssessmentResults(c.UserContext(), cl.ID)
		if err != nil {
			return err
		}
		book := quiz.NewGradebook(cl.ID, []quiz.ClassMember{{Learner: &quiz.Learner{ID: id}}}, as, results)
		mine := map[[2]int64]quiz.AssessmentResult{} // (assessment, question) -> the learner's result
		for _, r := range results {
			if r.LearnerID == id {
				mine[[2]int64{r.AssessmentID, r.QuestionID}] = r
			}
		}
		for j, a := range as {
			la := learnerAssessment{assessmentView: s.viewAssessment(a), ClassName: cl.Name, Score: book.Rows[0].Scores[j]}
			for _, q := range a.QuestionIDs {
				r := mine[[2]int64{a.ID, q}]
				la.Questions = append(la.Questions, questionMark{QuestionID: q, Attempts: r.Attempts, BestScore: r.BestScore})
			}
			out = append(out, la)
		}
	}
	return c.JSON(map[string]any{"items": out})
}

// handleGradebook returns a class's gradebook (GET /v1/classes/{id}/gradebook): a row per
// learner with their score on each assessment and the mean of them; as CSV with
// ?format=csv or Accept: text/csv (one column per assessment, scores from 0 to 100).
func (s *Server) handleGradebook(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	members, err := s.Classes.ClassMembers(c.UserContext(), cl.ID)
	if err != nil {
		return err
	}
	as, err := s.Assessments.ClassAssessments(c.UserContext(), cl.ID)
	if err != nil {
		return err
	}
	results, err := s.Assessments.AssessmentResults(c.UserContext(), cl.ID)
	if err != nil {
		return err
	}
	book := quiz.NewGradebook(cl.ID, members, as, results)
	if c.Query("format") == "csv" || c.Accepts(fiber.MIMEApplicationJSON, "text/csv") == "text/csv" {
		return sendGradebookCSV(c, cl, book)
	}
	return c.JSON(book)
}

// sendGradebookCSV writes the gradebook as CSV (RFC 4180, UTF-8 with a byte-order mark
// so spreadsheets read Vietnamese names right), named after the class.
func sendGradebookCSV(c *fiber.Ctx, cl *quiz.Class, book quiz.Gradebook) error {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	head := []string{"learner_id", "name"}
	for _, a := range book.Assessments {
		head = append(head, csvSafe(a.Title))
	}
	_ = w.Write(append(head, "total"))
	pct := func(x float64) string { return strconv.FormatFloat(x*100, 'f', 1, 64) }
	for _, r := range book.Rows {
		row := []string{itoa(r.LearnerID), csvSafe(r.Name)}
		for _, sc := range r.Scores {
			row = append(row, pct(sc))
		}
		_ = w.Write(append(row, pct(r.Total)))
	}
	w.Flush()
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="gradebook-class-%d.csv"`, cl.ID))
	return c.Send(buf.Bytes())
}

// csvSafe keeps a typed name or title from being read as a formula by a spreadsheet
// (CSV injection): a leading =, +, - or @ gets a quote mark before it.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
