// The machine's user and umask: getuid and friends are numbers; umask returns the mask
// before, takes a number or an octal string.
console.log(typeof process.getuid(), typeof process.geteuid(), typeof process.getgid(), typeof process.getegid());
console.log(Array.isArray(process.getgroups()));
console.log(process.umask(), process.umask('077'), process.umask(), process.umask(0o22), process.umask());
