// The tables http exports and the header validators.
const http = require('http');
console.log(http.STATUS_CODES[404], http.STATUS_CODES[418], http.STATUS_CODES[201]);
console.log(http.METHODS.length, http.METHODS.includes('PATCH'), http.METHODS[0]);
console.log(http.maxHeaderSize);
try { http.validateHeaderName('bad name'); } catch (e) { console.log(e.code, e.message); }
try { http.validateHeaderValue('x', 'a\nb'); } catch (e) { console.log(e.code, e.message); }
http.validateHeaderName('x-ok');
console.log('ok');
