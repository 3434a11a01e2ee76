'use strict';
// Preloaded by scripts/oracle/record.sh instead of scripts/oracle/prelude.cjs when it
// records these cases with real Node: a scenario sees the free variables `events` and
// `stream` (harness.cjs passes them as parameters; sim/oracle_test.go declares them on the
// program's first line), here Node's own modules.
require('../../../scripts/oracle/prelude.cjs');
(typeof globalThis === 'object' ? globalThis : global).events = require('events'); // Node 10 has no globalThis
(typeof globalThis === 'object' ? globalThis : global).stream = require('stream');
