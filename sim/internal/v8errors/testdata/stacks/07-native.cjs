try { [1].forEach(function cb() { null.x }) } catch (e) { console.log(e.stack) }
try { JSON.parse('{') } catch (e) { console.log(e.stack) }
try { [3, 1].sort((a, b) => { throw new Error('cmp') }) } catch (e) { console.log(e.stack) }
try { ''.replace(/x?/, () => { throw new Error('replace') }) } catch (e) { console.log(e.stack) }
