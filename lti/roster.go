package lti

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// RosterResult counts what a roster sync saw and did.
type RosterResult struct {
	Members  int // members the platform listed
	Learners int // active members with a learner role
	Created  int // learners created by this sync
}

// SyncRoster fetches the members of a context with NRPS (the memberships URL of its
// last launch) and makes sure every active member with a learner role is a looplab
// learner, with the external id a launch would give them. EINVALID if the platform did
// not offer NRPS for the context.
func (t *Tool) SyncRoster(ctx context.Context, contextID int64) (*RosterResult, error) {
	sc, err := t.store.FindContext(ctx, contextID)
	if err != nil {
		return nil, err
	}
	if sc.MembershipsURL == "" {
		return nil, quiz.Errorf(quiz.EINVALID, "The platform offered no Names and Role service for context %d.", contextID)
	}
	p, err := t.store.FindPlatformByID(ctx, sc.PlatformID)
	if err != nil {
		return nil, err
	}
	members, err := t.Members(ctx, p, sc.MembershipsURL)
	if err != nil {
		return nil, fmt.Errorf("roster of context %d: %w", contextID, err)
	}
	res := &RosterResult{Members: len(members)}
	for _, m := range members {
		if m.UserID == "" || strings.EqualFold(m.Status, "Inactive") || !hasLearnerRole(m.Roles) {
			continue
		}
		res.Learners++
		name := m.Name
		if name == "" {
			name = strings.TrimSpace(m.GivenName + " " + m.FamilyName)
		}
		_, created, err := t.learner(ctx, ExternalID(p.Issuer, m.UserID), name, quiz.LocaleEN)
		if err != nil {
			return nil, err
		}
		if created {
			res.Created++
		}
	}
	return res, nil
}

func hasLearnerRole(roles []string) bool { return slices.ContainsFunc(roles, IsLearnerRole) }
