// Calling something that is not a function.
const obj = { run: 5 };
try { obj.run(); } catch (e) { console.log(e.message); }
try { undefined(); } catch (e) { console.log(e.message); }
try { obj.missing(); } catch (e) { console.log(e.message); }
