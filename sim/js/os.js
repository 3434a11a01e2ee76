// os.js: node:os on a simulated machine that is the same for every run (sim/os.go
// describes it): a Linux x64 host named looplab with Scenario.Cores CPUs (4 when the
// scenario leaves cores unset), 8 GiB of memory, a loopback and one Ethernet interface.
// Its clocks follow virtual time. The constants (os.constants, EOL, devNull) are Node's,
// recorded from the real binary.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const m = host.osMachine(); // { cpus, model, speedMHz, totalmem, freemem, bootUptimeS, ... }
  const env = () => internals.process.env;
  const nowUS = () => host.nowUS();

  // Each CPU's times (ms) grow with virtual time: the machine is mostly idle.
  function cpus() {
    const up = m.bootUptimeS * 1000 + Math.floor(nowUS() / 1000);
    const out = [];
    for (let i = 0; i < m.cpus; i++) {
      out.push({
        model: m.model, speed: m.speedMHz,
        times: { user: Math.floor(up * 0.02), nice: 0, sys: Math.floor(up * 0.01), idle: Math.floor(up * 0.97), irq: 0 },
      });
    }
    return out;
  }
  function networkInterfaces() {
    return {
      lo: [
        { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' },
        { address: '::1', netmask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', family: 'IPv6', mac: '00:00:00:00:00:00', internal: true, cidr: '::1/128', scopeid: 0 },
      ],
      eth0: [
        { address: '10.0.0.2', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:0a:00:00:02', internal: false, cidr: '10.0.0.2/24' },
        { address: 'fe80::42:aff:fe00:2', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:42:0a:00:00:02', internal: false, cidr: 'fe80::42:aff:fe00:2/64', scopeid: 2 },
      ],
    };
  }
  function userInfo(options) {
    const enc = options && options.encoding;
    const info = { uid: 1000, gid: 1000, username: 'looplab', homedir: '/home/looplab', shell: '/bin/bash' };
    if (enc === 'buffer') {
      const { Buffer } = internals.builtin('buffer');
      for (const k of ['username', 'homedir', 'shell']) info[k] = Buffer.from(info[k]);
    }
    return info;
  }
  // Process priorities: this process starts at 0; a pid other than 0 or its own has
  // none to read or change (ESRCH), as for a process that does not exist.
  const priorities = { __proto__: null, 0: 0 };
  function pidArg(pid) {
    if (pid === undefined) return 0;
    if (typeof pid !== 'number') throw invalidArgType('pid', 'of type number', pid);
    return pid === internals.process.pid ? 0 : pid;
  }
  function noProcess(syscall) {
    const e = makeError(Error, 'ERR_SYSTEM_ERROR', 'A system error occurred: uv_os_' + syscall + ' returned ESRCH (no such process)',
      { info: { errno: -3, code: 'ESRCH', message: 'no such process', syscall: 'uv_os_' + syscall }, errno: -3, syscall: 'uv_os_' + syscall });
    e.name = 'SystemError';
    return e;
  }
  function getPriority(pid) {
    const p = pidArg(pid);
    if (!(p in priorities)) throw noProcess('getpriority');
    return priorities[p];
  }
  function setPriority(pid, priority) {
    if (priority === undefined) { priority = pid; pid = 0; }
    const p = pidArg(pid);
    if (typeof priority !== 'number') throw invalidArgType('priority', 'of type number', priority);
    if (!Number.isInteger(priority) || priority < -20 || priority > 19) {
      throw internals.outOfRange('priority', '>= -20 && <= 19', priority);
    }
    if (!(p in priorities)) throw noProcess('setpriority');
    priorities[p] = priority;
  }

  Object.assign(exports, {
    arch: () => 'x64',
    availableParallelism: () => m.cpus,
    cpus,
    endianness: () => 'LE',
    freemem: () => m.freemem,
    getPriority,
    homedir: () => env().HOME || '/home/looplab',
    hostname: () => 'looplab',
    loadavg: () => [0.52, 0.41, 0.37],
    machine: () => 'x86_64',
    networkInterfaces,
    platform: () => 'linux',
    release: () => m.release,
    setPriority,
    tmpdir: () => {
      const t = env().TMPDIR || env().TMP || env().TEMP || '/tmp';
      return t.length > 1 && t.endsWith('/') ? t.slice(0, -1) : t;
    },
    totalmem: () => m.totalmem,
    type: () => 'Linux',
    uptime: () => m.bootUptimeS + Math.floor(nowUS() / 1e4) / 100,
    userInfo,
    version: () => m.version,
  });
})
