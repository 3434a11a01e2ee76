// userInfo has a username and a uid.
const os = require('os');
const u = os.userInfo();
console.log(typeof u.username, typeof u.uid, typeof u.homedir);
