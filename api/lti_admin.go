package api

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/lti"
)

type platformRequest struct {
	Name          string   `json:"name"`
	Issuer        string   `json:"issuer"`
	ClientID      string   `json:"client_id"`
	DeploymentIDs []string `json:"deployment_ids"`
	AuthLoginURL  string   `json:"auth_login_url"`
	TokenURL      string   `json:"token_url"`
	JWKSURL       string   `json:"jwks_url"`
	TokenAudience string   `json:"token_audience"`
}

type platformView struct {
	*lti.Platform
	Tool lti.ToolURLs `json:"tool"`
}

func (s *Server) viewPlatform(c *fiber.Ctx, p *lti.Platform) platformView {
	return platformView{p, lti.URLsAt(s.publicURL(c))}
}

// handlePlatformCreate registers a platform (POST /v1/lti/platforms, admins).
func (s *Server) handlePlatformCreate(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	var req platformRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	p := &lti.Platform{Name: req.Name, Issuer: req.Issuer, ClientID: req.ClientID, DeploymentIDs: req.DeploymentIDs,
		AuthLoginURL: req.AuthLoginURL, TokenURL: req.TokenURL, JWKSURL: req.JWKSURL, TokenAudience: req.TokenAudience}
	if err := p.Validate(); err != nil {
		return err
	}
	if err := s.Integrations.LTI.Store().CreatePlatform(c.UserContext(), p); err != nil {
		return err
	}
	c.Location("/v1/lti/platforms/" + itoa(p.ID))
	return c.Status(fiber.StatusCreated).JSON(s.viewPlatform(c, p))
}

// handlePlatformList lists the registered platforms (GET /v1/lti/platforms, admins),
// paginated like every list. A server has a platform per LMS, a handful: they are
// read whole and the page cut here.
func (s *Server) handlePlatformList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	ps, err := s.Integrations.LTI.Store().FindPlatforms(c.UserContext(), "")
	if err != nil {
		return err
	}
	views := []platformView{}
	for _, p := range ps {
		if p.ID > after && len(views) <= limit {
			views = append(views, s.viewPlatform(c, p))
		}
	}
	return c.JSON(newList(views, limit, func(v platformView) int64 { return v.ID }))
}

// handlePlatformGet returns one platform (GET /v1/lti/platforms/{id}, admins).
func (s *Server) handlePlatformGet(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := s.Integrations.LTI.Store().FindPlatformByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(s.viewPlatform(c, p))
}

// handlePlatformPatch changes a registration (PATCH /v1/lti/platforms/{id}, admins) with
// a JSON merge patch (RFC 7396) of the fields of POST /v1/lti/platforms: a field given
// replaces the registration's (deployment_ids as a whole list), null clears it. The
// result is validated as a new registration is, and the issuer cannot change. The
// registration keeps its courses, links and grade targets, and its queued grades.
func (s *Server) handlePlatformPatch(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	patch, err := decodeMergePatch(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	tool := s.Integrations.LTI
	p, err := tool.Store().FindPlatformByID(ctx, id)
	if err != nil {
		return err
	}
	cur, _ := json.Marshal(platformRequest{Name: p.Name, Issuer: p.Issuer, ClientID: p.ClientID, DeploymentIDs: p.DeploymentIDs,
		AuthLoginURL: p.AuthLoginURL, TokenURL: p.TokenURL, JWKSURL: p.JWKSURL, TokenAudience: p.TokenAudience})
	var doc map[string]any
	if err := json.Unmarshal(cur, &doc); err != nil {
		return err
	}
	merged, _ := json.Marshal(mergePatch(doc, patch))
	var req platformRequest
	if err := decodeJSON(merged, &req); err != nil {
		return err
	}
	up := &lti.Platform{ID: id, Name: req.Name, Issuer: req.Issuer, ClientID: req.ClientID, DeploymentIDs: req.DeploymentIDs,
		AuthLoginURL: req.AuthLoginURL, TokenURL: req.TokenURL, JWKSURL: req.JWKSURL, TokenAudience: req.TokenAudience}
	if err := tool.UpdatePlatform(ctx, up); err != nil {
		return err
	}
	return c.JSON(s.viewPlatform(c, up))
}

// handlePlatformDelete removes a registration (DELETE /v1/lti/platforms/{id}, admins):
// its launches stop working and its pending grades are not delivered.
func (s *Server) handlePlatformDelete(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Integrations.LTI.Store().DeletePlatform(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// handleToolKeyRotate makes a new signing key (POST /v1/lti/keys/rotate, admins). The
// JWKS keeps the previous keys for the overlap period.
func (s *Server) handleToolKeyRotate(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	kid, err := s.Integrations.LTI.RotateKey(c.UserContext())
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(toolKeyView{KID: kid})
}

// handleContextList lists the courses looplab was launched from (GET /v1/lti/contexts,
// admins), for the roster sync.
func (s *Server) handleContextList(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	cs, err := s.Integrations.LTI.Store().FindContexts(c.UserContext(), after, limit+1)
	if err != nil {
		return err
	}
	return c.JSON(newList(cs, limit, func(c *lti.StoredContext) int64 { return c.ID }))
}

type toolKeyView struct {
	KID string `json:"kid"`
}

type rosterView struct {
	ContextID int64  `json:"context_id"`
	Members   int    `json:"members"`
	Learners  int    `json:"learners"`
	Created   int    `json:"created"`
	SyncedAt  string `json:"synced_at"`
}

// handleRosterSync fetches a context's members with NRPS and creates a learner for each
// member with a learner role (POST /v1/lti/contexts/{id}/roster-sync, admins).
func (s *Server) handleRosterSync(c *fiber.Ctx) error {
	if err := principal(c).CanManageKeys(); err != nil {
		return err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	res, err := s.Integrations.LTI.SyncRoster(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(rosterView{ContextID: id, Members: res.Members, Learners: res.Learners, Created: res.Created,
		SyncedAt: s.Now().UTC().Format(time.RFC3339)})
}
