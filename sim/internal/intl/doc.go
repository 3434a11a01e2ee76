// Package intl will give the simulator's programs Node 24's Intl in en-US and vi-VN
// (issue 14): Intl.DateTimeFormat, Intl.NumberFormat, Intl.ListFormat, Intl.Collator
// and the toLocale*String and localeCompare methods that delegate to them, with ICU's
// output exactly. testdata/cases.js lists the expressions and testdata/node24.txt holds
// what Node 24.18.0 gives for them (record.sh records it again); the implementation is
// not written yet.
package intl
