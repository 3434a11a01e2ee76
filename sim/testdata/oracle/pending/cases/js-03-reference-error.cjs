// ReferenceError for an undeclared name and for the temporal dead zone.
try { console.log(notDeclared); } catch (e) { console.log(e.name, e.message); }
try { console.log(later); let later = 1; } catch (e) { console.log(e.name, e.message); }
