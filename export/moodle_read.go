package export

import (
	"encoding/xml"
	"fmt"
	"io"
)

// mIn is what ReadMoodle reads of a Moodle XML file: the texts that may carry a
// looplab question's source.
type mIn struct {
	XMLName   xml.Name `xml:"quiz"`
	Questions []struct {
		Type            string `xml:"type,attr"`
		Name            string `xml:"name>text"`
		GeneralFeedback string `xml:"generalfeedback>text"`
		GraderInfo      string `xml:"graderinfo>text"`
	} `xml:"question"`
}

// ReadMoodle reads the looplab questions of a Moodle XML file, as Moodle exports it
// again or as Moodle wrote it: each question whose general feedback (or, for an essay,
// grader information) carries a looplab source, once per slug however many variants of
// it the file holds, in the order they first appear. Questions without a source (written
// in Moodle) are skipped and named. Variants of one slug must carry the same source.
func ReadMoodle(r io.Reader) ([]Source, []Skipped, error) {
	var in mIn
	dec := xml.NewDecoder(r)
	if err := dec.Decode(&in); err != nil {
		return nil, nil, fmt.Errorf("read Moodle XML: %w", err)
	}
	var out []Source
	var skipped []Skipped
	raws := map[string]string{} // slug -> its source's JSON, as first read
	for _, q := range in.Questions {
		if q.Type == "category" {
			continue
		}
		src, raw, ok, err := parseSource(q.GeneralFeedback)
		if !ok && err == nil {
			src, raw, ok, err = parseSource(q.GraderInfo)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("question %q: %w", q.Name, err)
		}
		if !ok {
			skipped = append(skipped, Skipped{Slug: q.Name, Reason: "a " + q.Type + " question without a looplab source (not exported by looplab)"})
			continue
		}
		if first, seen := raws[src.Slug]; seen {
			if first != raw {
				return nil, nil, fmt.Errorf("question %q: its looplab source differs from another variant of %s", q.Name, src.Slug)
			}
			continue
		}
		raws[src.Slug] = raw
		out = append(out, src)
	}
	return out, skipped, nil
}
