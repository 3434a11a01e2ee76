// import() of a relative file that does not exist rejects with ERR_MODULE_NOT_FOUND.
import('./import-10-missing.mjs').then(() => console.log('loaded?'), (err) => console.log('rejected', err.code));
