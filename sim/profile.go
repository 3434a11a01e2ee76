package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// Profile is one Node release the simulator can be: what it reports of itself and the
// behaviour that differs between releases. Profiles are data; the rules that read them
// cite the release that changed the behaviour (docs/node-semantics.md).
type Profile struct {
	// Version is the exact release the profile reports (process.version without "v")
	// and was checked against.
	Version string `json:"version"`
	// Major is the release line ("24").
	Major string `json:"major"`
	// LTS is the release's LTS code name, "" for a Current release.
	LTS string `json:"lts,omitempty"`
	// Versions are process.versions' components other than node.
	UV, V8, Modules, NAPI, OpenSSL, ICU, Unicode, Zlib string `json:"-"`
	// JSONDepth is the deepest nesting JSON.stringify serialises before V8's stack check
	// throws RangeError (measured with node on {o: {o: ...}}, arrays alike; 0: as deep
	// as the call stack goes, for Node 26's iterative serializer).
	JSONDepth int `json:"-"`
}

// versions is process.versions.
func (p Profile) versions() map[string]any {
	return map[string]any{"node": p.Version, "uv": p.UV, "v8": p.V8, "modules": p.Modules, "napi": p.NAPI,
		"openssl": p.OpenSSL, "icu": p.ICU, "unicode": p.Unicode, "zlib": p.Zlib}
}

// profiles are the Node releases looplab simulates; the values were read from each
// release's own binary (process.versions, process.release.lts, JSONDepth by bisection).
var profiles = []Profile{
	{Version: "10.24.1", Major: "10", LTS: "Dubnium", UV: "1.34.2", V8: "6.8.275.32-node.59", Modules: "64", NAPI: "7", OpenSSL: "1.1.1k", ICU: "64.2", Unicode: "12.1", Zlib: "1.2.11", JSONDepth: 3912},
	{Version: "20.20.2", Major: "20", LTS: "Iron", UV: "1.46.0", V8: "11.3.244.8-node.38", Modules: "115", NAPI: "9", OpenSSL: "3.0.19", ICU: "78.2", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4185},
	{Version: "22.23.5", Major: "22", LTS: "Jod", UV: "1.51.0", V8: "12.4.254.21-node.57", Modules: "127", NAPI: "10", OpenSSL: "3.5.9", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4172},
	{Version: "24.18.0", Major: "24", LTS: "Krypton", UV: "1.52.1", V8: "13.6.233.17-node.50", Modules: "137", NAPI: "10", OpenSSL: "3.5.7", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4466},
	{Version: "26.12.1", Major: "26", UV: "1.52.1", V8: "14.6.202.34-node.40", Modules: "147", NAPI: "10", OpenSSL: "3.5.9", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.2.1-motley-456ae73"},
}

// DefaultNode is the profile a scenario gets when it names none: today's LTS, which
// the seed documents were measured on.
const DefaultNode = "24"

// LookupProfile finds the profile of a Node version: a major ("24"), or the exact
// version the profile reports ("24.18.0", with or without "v").
func LookupProfile(version string) (Profile, error) {
	v := strings.TrimPrefix(strings.TrimSpace(version), "v")
	if v == "" {
		v = DefaultNode
	}
	for _, p := range profiles {
		if v == p.Major || v == p.Version {
			return p, nil
		}
	}
	return Profile{}, newError(CodeInvalidInput, "node: %q is not a simulated Node version (%s)", version, strings.Join(ProfileNames(), ", "))
}

// ProfileNames lists the simulated Node versions, oldest first.
func ProfileNames() []string {
	out := make([]string, len(profiles))
	for i, p := range profiles {
		out[i] = fmt.Sprintf("%s (%s)", p.Major, p.Version)
	}
	return out
}

// major is the profile's major as a number.
func (p Profile) major() int {
	n, _ := strconv.Atoi(p.Major)
	return n
}

// profile is the run's Node profile.
func (r *run) profile() Profile {
	p, err := LookupProfile(r.sc.Node)
	if err != nil {
		p, _ = LookupProfile(DefaultNode)
	}
	return p
}
