// node:console is the global console, and its methods can be imported by name.
import { log, info } from 'node:console';
import consoleModule from 'console';
log('log', consoleModule === console, typeof info);
setTimeout(() => info('info from a timer'), 0);
