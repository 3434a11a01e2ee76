// Delays 2, 1, 0 created in that order: 1 and 0 share the 1 ms list
// (insertion order), which expires before the 2 ms list. If a millisecond
// boundary falls between the first two setTimeout calls the expiries tie and
// the older 2 ms list goes first (R-R3).
// @nondeterministic: ms-boundary between setTimeout calls can make the 2 ms and 1 ms lists tie
// @runs: 100
setTimeout(() => console.log('delay 2'), 2);
setTimeout(() => console.log('delay 1'), 1);
setTimeout(() => console.log('delay 0'), 0);
