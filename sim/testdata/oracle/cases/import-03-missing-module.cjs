// import() of a missing package rejects with ERR_MODULE_NOT_FOUND.
import('no-such-package-xyz').catch((err) => console.log(err.code));
