// crypto.getCurves() (OpenSSL's short names, sorted), FIPS mode in a build without a
// FIPS provider (getFips() is 0; setFips(false) is accepted from Node 17, Node 10
// refuses every setFips), and setEngine: OpenSSL's built-in engines load, others are
// not found, and the arguments are checked.
const crypto = require('crypto');
console.log(crypto.getCurves().join(' '));
console.log('fips', crypto.getFips());
try { console.log('setFips(false)', crypto.setFips(false), crypto.getFips()); } catch (e) { console.log('setFips(false)', e.code, e.message); }
try { console.log('setFips(0)', crypto.setFips(0), crypto.getFips()); } catch (e) { console.log('setFips(0)', e.code, e.message); }
for (const id of ['dynamic', 'rdrand', 'openssl', 'afalg', '']) {
  try { console.log(JSON.stringify(id), crypto.setEngine(id)); } catch (e) { console.log(JSON.stringify(id), e.name, e.code, e.message); }
}
try { console.log('flags', crypto.setEngine('dynamic', crypto.constants.ENGINE_METHOD_ALL)); } catch (e) { console.log(e.code); }
try { crypto.setEngine(); } catch (e) { console.log('no id', e.code); }
try { crypto.setEngine(1); } catch (e) { console.log('number id', e.code); }
try { crypto.setEngine('dynamic', 'y'); } catch (e) { console.log('string flags', e.code); }
