const util = require('node:util')
const sleep = util.promisify(setTimeout)
const immediate = util.promisify(setImmediate)
const { pipeline } = require('node:stream/promises')
const { Readable, Writable } = require('node:stream')
async function main() {
  console.log('start')
  const v = await sleep(10, 'slept')
  console.log(v)
  console.log(await immediate('imm'))
  const out = []
  await pipeline(Readable.from(['a', 'b']), new Writable({ write(c, e, cb) { out.push(String(c)); cb() } }))
  console.log('piped', out.join(''))
}
setTimeout(() => console.log('timer 5'), 5)
main()
