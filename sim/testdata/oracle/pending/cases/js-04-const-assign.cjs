// Assigning to a const.
const x = 1;
try { x = 2; } catch (e) { console.log(e.name + ': ' + e.message); }
