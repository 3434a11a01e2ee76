// net.BlockList, net.SocketAddress and the auto-select-family settings.
const net = require('net');
const bl = new net.BlockList();
bl.addAddress('10.0.0.1');
bl.addRange('192.168.0.10', '192.168.0.20');
bl.addSubnet('172.16.0.0', 12);
console.log(bl.check('10.0.0.1'), bl.check('192.168.0.15'), bl.check('192.168.0.21'), bl.check('172.20.1.1'), bl.check('::1', 'ipv6'));
console.log(bl.rules);
const sa = new net.SocketAddress({ address: '127.0.0.1', port: 8080 });
console.log(sa.address, sa.port, sa.family, sa.flowlabel);
console.log(typeof net.getDefaultAutoSelectFamily(), net.getDefaultAutoSelectFamilyAttemptTimeout());
net.setDefaultAutoSelectFamilyAttemptTimeout(500);
console.log(net.getDefaultAutoSelectFamilyAttemptTimeout());
const s = new net.Socket();
console.log(s instanceof net.Stream, s.readyState, s.pending, s.connecting, s.destroyed);
const server = net.createServer();
console.log(server.listening, server.address(), server instanceof net.Server);
