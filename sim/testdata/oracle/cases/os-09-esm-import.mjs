// os as an ES module import.
import os, { EOL, platform } from 'node:os';
console.log(JSON.stringify(EOL), platform() === os.platform());
