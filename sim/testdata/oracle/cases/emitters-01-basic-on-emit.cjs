// A class extending EventEmitter: listeners run synchronously, in the order they were added.
const EventEmitter = require('events');
class Order extends EventEmitter {
  place(item) {
    console.log('placing', item);
    this.emit('placed', item, 2);
    console.log('placed returned');
  }
}
const o = new Order();
o.on('placed', (item, qty) => console.log('listener 1:', item, qty));
o.on('placed', (item) => console.log('listener 2:', item.toUpperCase()));
o.place('tea');
