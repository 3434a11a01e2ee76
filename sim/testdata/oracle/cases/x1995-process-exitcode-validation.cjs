// process.exitCode is validated from Node 20: an integer or a string that is one is kept as
// a number, null and undefined clear it, anything else throws where it is assigned;
// process.exit(undefined) clears an exit code set before.
for (const v of ['2', 2.5, null, 'abc', true, -1, '0x10', 2**60]) { try { process.exitCode = v; console.log('ok', process.exitCode, typeof process.exitCode); } catch (e) { console.log(e.code, e.message); } }
process.exitCode = 3; process.exit(undefined);
