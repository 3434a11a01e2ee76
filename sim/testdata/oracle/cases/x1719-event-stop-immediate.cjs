// stopImmediatePropagation stops the listeners after it; stopPropagation does not.
const t = new EventTarget();
t.addEventListener('x', (e) => { console.log('one'); e.stopPropagation(); console.log('cancelBubble', e.cancelBubble); });
t.addEventListener('x', (e) => { console.log('two'); e.stopImmediatePropagation(); });
t.addEventListener('x', () => console.log('three'));
t.dispatchEvent(new Event('x'));
