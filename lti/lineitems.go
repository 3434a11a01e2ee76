package lti

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// The media types of the AGS line item service (Assignment and Grade Services 2.0 §3.2).
const (
	LineItemMediaType          = "application/vnd.ims.lis.v2.lineitem+json"
	LineItemContainerMediaType = "application/vnd.ims.lis.v2.lineitemcontainer+json"
)

// LineItemTag marks the line items looplab creates.
const LineItemTag = "looplab"

// EnsureLineItem returns the URL of the line item a grade target's scores go to: the
// link's line item when it has one (from the launch, or found or created before); else
// the line item the platform's container lists for the resource link (GET
// lineitems?resource_link_id=…); else one it creates there (POST lineitems, out of 100,
// labelled with the link's title). The URL is stored with the link, so a link gets one
// line item however many learners and launches it has: finding or creating is done by
// one delivery at a time per link (under the store's lock, so across replicas too), and a line item created by a try that died before
// storing it is found by the next. Platform errors are *HTTPError; a 401 drops the
// cached access token.
func (t *Tool) EnsureLineItem(ctx context.Context, p *Platform, g *GradeTarget) (string, error) {
	if g.LineItemURL != "" {
		return g.LineItemURL, nil
	}
	if g.LineItemsURL == "" {
		return "", fmt.Errorf("lti: link %d has no line item and no line item container", g.LinkID)
	}
	var stored string
	err := t.store.WithLock(ctx, fmt.Sprintf("looplab:lti:line-item:%d", g.LinkID), func(ctx context.Context) error {
		var err error
		stored, err = t.ensureLineItemLocked(ctx, p, g)
		return err
	})
	return stored, err
}

// ensureLineItemLocked finds or creates the line item of g's link, holding the link's lock.
func (t *Tool) ensureLineItemLocked(ctx context.Context, p *Platform, g *GradeTarget) (string, error) {
	cur, err := t.store.FindGradeTarget(ctx, g.ID) // a delivery that held the lock may have stored it
	if err != nil {
		return "", fmt.Errorf("lti: line item of link %d: %w", g.LinkID, err)
	}
	if cur.LineItemURL != "" {
		return cur.LineItemURL, nil
	}
	u, err := t.findOrCreateLineItem(ctx, p, g)
	if err != nil {
		if he := (*HTTPError)(nil); errors.As(err, &he) && he.Status == http.StatusUnauthorized {
			t.ForgetToken(p)
		}
		return "", err
	}
	return t.store.SetLineItem(ctx, g.LinkID, u)
}

// findOrCreateLineItem asks the platform for the resource link's line item and creates
// it when there is none.
func (t *Tool) findOrCreateLineItem(ctx context.Context, p *Platform, g *GradeTarget) (string, error) {
	tok, err := t.AccessToken(ctx, p, ScopeLineItem)
	if err != nil {
		return "", err
	}
	u, err := t.findLineItem(ctx, tok, g.LineItemsURL, g.ResourceLinkID)
	if err != nil || u != "" {
		return u, err
	}
	return t.createLineItem(ctx, tok, g.LineItemsURL, NewLineItem(g))
}

// findLineItem returns the id (URL) of the first line item of the container bound to the
// resource link, following rel="next" pages (at most 20); "" when there is none.
func (t *Tool) findLineItem(ctx context.Context, tok, container, resourceLinkID string) (string, error) {
	next, err := withQuery(container, "resource_link_id", resourceLinkID)
	if err != nil {
		return "", err
	}
	for page := 0; next != "" && page < 20; page++ {
		data, header, err := t.callHeader(ctx, http.MethodGet, next, "", tok, LineItemContainerMediaType, nil)
		if err != nil {
			return "", err
		}
		var items []LineItem
		if err := json.Unmarshal(data, &items); err != nil {
			return "", fmt.Errorf("lti: line items %s: %w", next, err)
		}
		for _, it := range items {
			if it.ResourceLinkID == resourceLinkID && it.ID != "" {
				return it.ID, nil
			}
		}
		next = nextLink(header.Values("Link"))
	}
	return "", nil
}

// createLineItem posts a line item to the container and returns its id (URL).
func (t *Tool) createLineItem(ctx context.Context, tok, container string, li LineItem) (string, error) {
	body, err := json.Marshal(li)
	if err != nil {
		return "", fmt.Errorf("lti: line item: %w", err)
	}
	data, err := t.call(ctx, http.MethodPost, container, LineItemMediaType, tok, LineItemMediaType, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	var created LineItem
	if err := json.Unmarshal(data, &created); err != nil || created.ID == "" {
		return "", fmt.Errorf("lti: %s created a line item without an id: %s", container, truncate(data))
	}
	return created.ID, nil
}

// NewLineItem is the line item looplab creates for a grade target's link: out of 100,
// labelled with the link's title (else what it points to), bound to the resource link,
// with the question's slug or the set as resourceId and the tag "looplab".
func NewLineItem(g *GradeTarget) LineItem {
	res := g.QuestionSlug
	switch g.SetKind {
	case SetTopic:
		res = "topic:" + g.SetKey
	case SetList:
		res = "questions:" + g.SetKey
	}
	label := g.LinkTitle
	if label == "" {
		label = "looplab " + res
	}
	return LineItem{ScoreMaximum: 100, Label: label, ResourceLinkID: g.ResourceLinkID, ResourceID: res, Tag: LineItemTag}
}

// withQuery returns u with the query parameter k set to v (keeping the others).
func withQuery(u, k, v string) (string, error) {
	p, err := url.Parse(u)
	if err != nil {
		return "", fmt.Errorf("lti: URL %q: %w", u, err)
	}
	q := p.Query()
	q.Set(k, v)
	p.RawQuery = q.Encode()
	return p.String(), nil
}
