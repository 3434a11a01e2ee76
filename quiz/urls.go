package quiz

import (
	"net"
	"net/url"
)

// CheckOutboundURL returns why the server may not call u, or "": it must be an absolute
// https URL, or http to a loopback host (platform endpoints, webhook receivers).
func CheckOutboundURL(u string) string {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" || len(u) > 2000 {
		return "must be an absolute URL"
	}
	switch pu.Scheme {
	case "https":
		return ""
	case "http":
		host := pu.Hostname()
		if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
			return ""
		}
	}
	return "must be https (http only for localhost)"
}
