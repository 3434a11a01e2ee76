// Subclassing; emitting in the constructor is lost (nobody listens yet);
// deferring with process.nextTick is the idiom (803).
const { EventEmitter } = events;
class Job extends EventEmitter {
  constructor(name) {
    super();
    this.name = name;
    this.emit('created', 'sync');
    process.nextTick(() => this.emit('created', 'nextTick'));
  }
}
const j = new Job('a');
j.on('created', function (how) { console.log(this.name, 'created via', how, this instanceof EventEmitter); });
console.log('constructed');
// Old-style inheritance.
function Legacy() { EventEmitter.call(this); }
Object.setPrototypeOf(Legacy.prototype, EventEmitter.prototype);
const l = new Legacy();
l.on('x', (v) => console.log('legacy got', v));
l.emit('x', 5);
console.log('listenerCount', l.listenerCount('x'), 'instanceof', l instanceof EventEmitter);
console.log('default export', events.EventEmitter === EventEmitter);
