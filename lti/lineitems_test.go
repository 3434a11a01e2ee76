package lti_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradebook is a line item service that answers slowly (so concurrent callers overlap),
// ignores the resource_link_id filter (as a platform may) and pages two items at a time.
type gradebook struct {
	srv   *httptest.Server
	mu    sync.Mutex
	items []lti.LineItem
	posts int
}

func newGradebook(t *testing.T) *gradebook {
	g := &gradebook{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "tok", "expires_in": 3600})
	})
	mux.HandleFunc("GET /lineitems", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(30 * time.Millisecond)
		g.mu.Lock()
		defer g.mu.Unlock()
		page := 0
		_, _ = fmt.Sscan(r.URL.Query().Get("page"), &page)
		from, to := min(2*page, len(g.items)), min(2*page+2, len(g.items))
		if to < len(g.items) {
			w.Header().Set("Link", fmt.Sprintf(`<%s/lineitems?page=%d>; rel="next"`, g.srv.URL, page+1))
		}
		_ = json.NewEncoder(w).Encode(g.items[from:to])
	})
	mux.HandleFunc("POST /lineitems", func(w http.ResponseWriter, r *http.Request) {
		var li lti.LineItem
		if r.Header.Get("Content-Type") != lti.LineItemMediaType || json.NewDecoder(r.Body).Decode(&li) != nil {
			http.Error(w, "bad line item", http.StatusBadRequest)
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		g.posts++
		li.ID = fmt.Sprintf("%s/lineitems/%d", g.srv.URL, len(g.items)+1)
		g.items = append(g.items, li)
		_ = json.NewEncoder(w).Encode(li)
	})
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	return g
}

// TestEnsureLineItem: concurrent deliveries for two learners of one link create one
// line item and all get its URL, which the link keeps; another tool over the same
// database (another replica) uses it without asking; a link whose line item the
// gradebook has already finds it on a later page instead of creating one.
func TestEnsureLineItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openDB(t)
	gb := newGradebook(t)
	st := store.NewLTIStore(db)
	tool := lti.New(lti.Config{}, st, store.NewLearnerService(db))
	_, err := tool.EnsureKey(ctx, 0)
	require.NoError(t, err)
	p := &lti.Platform{Name: "gb", Issuer: gb.srv.URL, ClientID: "c", DeploymentIDs: []string{"d"},
		AuthLoginURL: gb.srv.URL + "/auth", TokenURL: gb.srv.URL + "/token", JWKSURL: gb.srv.URL + "/jwks"}
	require.NoError(t, st.CreatePlatform(ctx, p))
	bind := func(link, sub string) {
		l := &quiz.Learner{ExternalID: link + "#" + sub, Name: sub}
		require.NoError(t, store.NewLearnerService(db).CreateLearner(ctx, l))
		_, err := st.BindLink(ctx, lti.LinkBinding{PlatformID: p.ID, DeploymentID: "d", ResourceLinkID: link, LinkTitle: "Drill " + link,
			Set: &lti.LinkSet{Kind: lti.SetTopic, Key: "x", QuestionIDs: nil}, LineItemsURL: gb.srv.URL + "/lineitems",
			CanScore: true, LearnerID: l.ID, UserSub: sub})
		require.NoError(t, err)
	}
	bind("L1", "ann") // grade target 1
	bind("L1", "bob") // grade target 2

	var wg sync.WaitGroup
	urls := make([]string, 8)
	for i := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := st.FindGradeTarget(ctx, int64(1+i%2))
			if assert.NoError(t, err) {
				urls[i], err = tool.EnsureLineItem(ctx, p, g)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, gb.posts, "one line item for the link")
	for _, u := range urls {
		assert.Equal(t, gb.srv.URL+"/lineitems/1", u)
	}
	assert.Equal(t, lti.LineItem{ID: gb.srv.URL + "/lineitems/1", ScoreMaximum: 100, Label: "Drill L1", ResourceLinkID: "L1",
		ResourceID: "topic:x", Tag: "looplab"}, gb.items[0])
	replica := lti.New(lti.Config{}, st, store.NewLearnerService(db))
	g, err := st.FindGradeTarget(ctx, 2)
	require.NoError(t, err)
	assert.Equal(t, gb.srv.URL+"/lineitems/1", g.LineItemURL, "stored with the link")
	u, err := replica.EnsureLineItem(ctx, p, g)
	require.NoError(t, err)
	assert.Equal(t, gb.srv.URL+"/lineitems/1", u)

	// L2's line item exists already, on the second page of an unfiltered listing.
	gb.mu.Lock()
	gb.items = append(gb.items, lti.LineItem{ID: gb.srv.URL + "/other", ResourceLinkID: "L9"},
		lti.LineItem{ID: gb.srv.URL + "/lineitems/l2", ResourceLinkID: "L2"})
	gb.mu.Unlock()
	bind("L2", "cat") // grade target 3
	g, err = st.FindGradeTarget(ctx, 3)
	require.NoError(t, err)
	u, err = replica.EnsureLineItem(ctx, p, g)
	require.NoError(t, err)
	assert.Equal(t, gb.srv.URL+"/lineitems/l2", u)
	assert.Equal(t, 1, gb.posts, "found, not created")
}

func TestSetScore(t *testing.T) {
	t.Parallel()
	s := lti.NewSetScore("u", lti.SetProgress{Questions: 3, Answered: 2, BestSum: 1.5}, "c")
	assert.Equal(t, 50.0, s.ScoreGiven)
	assert.Equal(t, 100.0, s.ScoreMaximum)
	assert.Equal(t, "InProgress", s.ActivityProgress)
	assert.Equal(t, "FullyGraded", s.GradingProgress)
	s = lti.NewSetScore("u", lti.SetProgress{Questions: 3, Answered: 3, BestSum: 2}, "c")
	assert.Equal(t, 66.67, s.ScoreGiven)
	assert.Equal(t, "Completed", s.ActivityProgress)
	assert.Equal(t, 0.0, lti.NewSetScore("u", lti.SetProgress{}, "").ScoreGiven)
}
