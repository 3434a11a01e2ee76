// dispatchEvent needs an Event; a plain object is a TypeError.
const t = new EventTarget();
try { t.dispatchEvent({ type: 'x' }); } catch (e) { console.log(e.name, e.code); }
try { new Event(); } catch (e) { console.log(e.name, e.code); }
try { t.addEventListener('x', 42); } catch (e) { console.log(e.name, e.code); }
