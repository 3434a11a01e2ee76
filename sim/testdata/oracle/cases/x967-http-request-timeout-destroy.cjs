const http = require('node:http')
const server = http.createServer((req, res) => setTimeout(() => res.end('late'), 100))
server.listen(0, () => {
  const t0 = Date.now()
  const req = http.get('http://127.0.0.1:' + server.address().port + '/', (res) => {
    console.log('response', res.statusCode)
  })
  req.setTimeout(50, () => {
    console.log('timeout', Date.now() - t0 >= 50)
    req.destroy()
  })
  req.on('error', (e) => console.log('error', e.code, e.message))
  req.on('close', () => { console.log('close'); server.close() })
})
