// pause() stops 'data' events until resume().
const { Readable } = require('stream');
const r = Readable.from(['1', '2', '3', '4']);
r.on('data', (c) => {
  console.log('data', c);
  if (c === '2') {
    r.pause();
    console.log('paused');
    setTimeout(() => { console.log('resuming'); r.resume(); }, 20);
  }
});
r.on('end', () => console.log('end'));
