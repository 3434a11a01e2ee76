// CustomEvent carries detail.
const t = new EventTarget();
t.addEventListener('order', (e) => console.log('order for', e.detail.item, e.detail.qty));
t.dispatchEvent(new CustomEvent('order', { detail: { item: 'tea', qty: 2 } }));
