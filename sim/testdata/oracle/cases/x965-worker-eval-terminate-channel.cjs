const { Worker, MessageChannel } = require('node:worker_threads')
const src = `
const { parentPort, workerData } = require('node:worker_threads')
parentPort.on('message', (m) => {
  if (m === 'stop') return
  parentPort.postMessage(workerData.base + m)
})
`
const w = new Worker(src, { eval: true, workerData: { base: 100 } })
w.on('online', () => console.log('online'))
w.on('message', (m) => {
  console.log('got', m)
  w.terminate().then((code) => console.log('terminated', code))
})
w.on('exit', (code) => console.log('exit', code))
w.postMessage(5)
const { port1, port2 } = new MessageChannel()
port2.on('message', (m) => { console.log('channel', m); port2.close() })
port1.postMessage('hi')
