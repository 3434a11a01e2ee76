// The rest of process: no cgroup limit (constrainedMemory is UINT64_MAX), no domain, the
// entry module, _kill's errno, _linkedBinding's error, setSourceMapsEnabled.
console.log(typeof process.availableMemory === 'function' ? typeof process.availableMemory() : 'none');
console.log(process.domain, process.mainModule === require.main, process._kill(2147483000, 0));
try {
  process._linkedBinding('x');
} catch (e) {
  console.log(e.message, e.code);
}
process.setSourceMapsEnabled(true);
console.log(process.sourceMapsEnabled);
console.log(process.constrainedMemory(), process.hasUncaughtExceptionCaptureCallback());
