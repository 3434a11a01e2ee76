package lti

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRoles maps role claim values (LTI 1.3 core §A.2) to what looplab makes of them:
// instructor-like roles may deep link, learner roles get grade targets.
func TestRoles(t *testing.T) {
	t.Parallel()
	const (
		ctx  = "http://purl.imsglobal.org/vocab/lis/v2/membership#"
		sub  = "http://purl.imsglobal.org/vocab/lis/v2/membership/"
		inst = "http://purl.imsglobal.org/vocab/lis/v2/institution/person#"
		sys  = "http://purl.imsglobal.org/vocab/lis/v2/system/person#"
	)
	cases := []struct {
		role                string
		context             string
		instructor, learner bool
	}{
		{ctx + "Instructor", "Instructor", true, false},
		{ctx + "Administrator", "Administrator", true, false},
		{ctx + "ContentDeveloper", "ContentDeveloper", true, false},
		{sub + "Instructor#TeachingAssistant", "Instructor", true, false},
		{sub + "Instructor#Grader", "Instructor", true, false},
		{sub + "Administrator#Developer", "Administrator", true, false},
		{sub + "ContentDeveloper#ContentExpert", "ContentDeveloper", true, false},
		{"Instructor", "Instructor", true, false},
		{"Administrator", "Administrator", true, false},
		{"ContentDeveloper", "ContentDeveloper", true, false},
		{" Instructor ", "Instructor", true, false},
		{ctx + "Learner", "Learner", false, true},
		{sub + "Learner#NonCreditLearner", "Learner", false, true},
		{"Learner", "Learner", false, true},
		{ctx + "Mentor", "Mentor", false, false},
		{sub + "Mentor#Advisor", "Mentor", false, false},
		{ctx + "Manager", "Manager", false, false},
		{ctx + "Member", "Member", false, false},
		{"Mentor", "Mentor", false, false},
		// Institution roles say nothing about the course, except that an administrator
		// administers the platform.
		{inst + "Instructor", "", false, false},
		{inst + "Faculty", "", false, false},
		{inst + "Staff", "", false, false},
		{inst + "Student", "", false, false},
		{inst + "Learner", "", false, false},
		{inst + "Administrator", "", true, false},
		{sys + "Administrator", "", true, false},
		{sys + "SysAdmin", "", true, false},
		{sys + "User", "", false, false},
		{sys + "Instructor", "", false, false},
		// Near misses.
		{"http://example.com/roles#Instructor", "", false, false},
		{"urn:custom#Learner", "", false, false},
		{sub + "Instructor", "", false, false},
		{sub + "Instructor#", "", false, false},
		{ctx + "Teacher", "", false, false},
		{"instructor", "", false, false},
		{"", "", false, false},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.context, ContextRole(tc.role), "ContextRole(%q)", tc.role)
		assert.Equal(t, tc.instructor, IsInstructorRole(tc.role), "IsInstructorRole(%q)", tc.role)
		assert.Equal(t, tc.learner, IsLearnerRole(tc.role), "IsLearnerRole(%q)", tc.role)
		c := &Claims{Roles: []string{sys + "User", tc.role}}
		assert.Equal(t, tc.instructor, c.IsInstructor(), "claims %q", tc.role)
		assert.Equal(t, tc.learner, c.IsLearner(), "claims %q", tc.role)
	}
	both := &Claims{Roles: []string{ctx + "Learner", sub + "Instructor#TeachingAssistant"}}
	assert.True(t, both.IsInstructor())
	assert.True(t, both.IsLearner())
	none := &Claims{}
	assert.False(t, none.IsInstructor())
	assert.False(t, none.IsLearner())
	assert.True(t, hasLearnerRole([]string{inst + "Student", "Learner"}))
	assert.False(t, hasLearnerRole([]string{inst + "Learner", ctx + "Instructor"}))
}
