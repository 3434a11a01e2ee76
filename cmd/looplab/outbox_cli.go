package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/looplab/looplab/outbox"
	"github.com/looplab/looplab/store"
)

// runOutbox implements `looplab outbox [list]|retry`: the grades and webhooks on their
// way, newest first, each with the receiver's last answer (a platform's reason for
// refusing a grade), and sending a failed one again; on the database directly (the API
// has the same at /v1/outbox).
func runOutbox(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd, args, code, done := withSubcommand("outbox", "list", args, stdout, stderr)
	if done {
		return code
	}
	c := newCommand("outbox " + cmd)
	cfg := c.config(getenv, "db")
	var f outbox.Filter
	if cmd == "list" {
		c.fs.StringVar(&f.Status, "status", "", "only messages in this state: pending, delivered or failed")
		c.fs.StringVar(&f.Kind, "kind", "", "only messages of this kind: ags.score (grades) or webhook")
		c.fs.IntVar(&f.Limit, "limit", 50, "at most this many messages, newest first")
	}
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	idOf := ""
	if cmd == "retry" {
		idOf = "message"
	}
	id, err := c.idArg(idOf)
	if err != nil {
		return c.fail(stderr, err)
	}
	if cmd == "list" && f.Limit < 1 {
		return c.fail(stderr, errors.New("--limit must be at least 1"))
	}
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		fmt.Fprintln(stderr, "looplab outbox:", err)
		return 1
	}
	defer db.Close()
	st := store.NewOutboxStore(db)
	var es []outbox.Entry
	if cmd == "retry" {
		var e *outbox.Entry
		if e, err = st.Retry(ctx, id, time.Now()); e != nil {
			es = []outbox.Entry{*e}
		}
	} else {
		es, err = st.List(ctx, f)
	}
	if err != nil {
		fmt.Fprintln(stderr, "looplab outbox:", describe(err))
		return 1
	}
	printOutbox(es, stdout)
	return 0
}

// printOutbox writes one line per message: its id, kind, event, state, tries, the
// receiver's last status, when it was made, and what happened: the error or the note
// of the last try, and where a grade goes.
func printOutbox(es []outbox.Entry, w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tEVENT\tSTATUS\tTRIES\tLAST\tCREATED\tDETAIL")
	for _, e := range es {
		var detail []string
		if g := e.Grade; g != nil {
			detail = append(detail, fmt.Sprintf("platform %d, link %q, user %s (learner %d)", g.PlatformID, g.LinkTitle, g.User, g.LearnerID))
		}
		for _, s := range []string{e.LastError, e.LastNote} {
			if s != "" {
				detail = append(detail, s)
			}
		}
		if e.NextTryAt != nil && e.Tries > 0 {
			detail = append(detail, "next try "+e.NextTryAt.Format(time.RFC3339))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%s\t%s\n", e.ID, e.Kind, e.Event, e.Status, e.Tries, e.LastStatus,
			e.CreatedAt.Format(time.RFC3339), strings.Join(detail, "; "))
	}
	_ = tw.Flush()
}
