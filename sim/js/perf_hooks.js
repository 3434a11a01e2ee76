// perf_hooks.js: performance on virtual time.
(function (exports, internals) {
  'use strict';
  exports.performance = globalThis.performance;
  exports.monitorEventLoopDelay = () => internals.unsupported('perf_hooks.monitorEventLoopDelay()');
  exports.PerformanceObserver = function PerformanceObserver() { internals.unsupported('PerformanceObserver'); };
})
