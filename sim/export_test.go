package sim

// FirstDiff lets the tests of package sim_test (which use the simulator through its
// public API only) report a generated file's first differing line as the golden test does.
var FirstDiff = firstDiff
