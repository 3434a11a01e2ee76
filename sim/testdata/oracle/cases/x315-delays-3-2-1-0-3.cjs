// Delays 3, 2, 1, 0, 3: lists fire by expiry (1 ms list: "1" then "0"; then
// 2; then the 3 ms list in insertion order). Millisecond boundaries between
// the calls can create expiry ties that the older list wins (R-R3).
// @nondeterministic: ms-boundary between setTimeout calls can tie list expiries
// @runs: 100
setTimeout(() => console.log('delay 3 (first)'), 3);
setTimeout(() => console.log('delay 2'), 2);
setTimeout(() => console.log('delay 1'), 1);
setTimeout(() => console.log('delay 0'), 0);
setTimeout(() => console.log('delay 3 (second)'), 3);
