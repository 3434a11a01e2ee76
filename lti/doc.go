// Package lti makes looplab an LTI 1.3 tool with the LTI Advantage services: it holds
// the protocol logic and nothing of HTTP frameworks or SQL.
//
// The flow, as 1EdTech's LTI 1.3 Core and Security Framework describe it:
//
//  1. Login initiation (OIDC third-party initiated login): the platform sends iss,
//     login_hint, target_link_uri and lti_message_hint to the tool's login URL. Tool.Login
//     finds the registration, checks that target_link_uri is on the tool's origin,
//     stores a fresh state and nonce (single use, ten minutes) and returns the
//     platform's authorization URL to redirect to.
//  2. Launch: the platform form-POSTs an id_token (a JWT) and the state to the tool's
//     launch URL. Tool.Launch verifies the RS256 signature against the platform's JWKS
//     (cached by kid, fetched again when a kid is unknown or a signature does not verify,
//     at most once a second), iss, aud and azp, exp and iat
//     with a small skew, that the nonce is the one issued with the state and was never
//     used before, that the deployment is registered, the version is 1.3.0, the
//     target_link_uri claim is on the tool's origin, the message type is known and its
//     required claims are there. Every refusal is a *LaunchError with a stable reason
//     code; nothing is created before every check has passed.
//  3. Tool.Bind maps a resource-link launch onto looplab: the platform user becomes a
//     learner (external id issuer#sub), the course a context, the resource link a
//     question (the custom parameter "question", a slug or an id) or a set of questions
//     (custom "topic", or "questions": slugs or ids, comma-separated), kept with the link
//     for launches without custom parameters; the locale becomes the page language; it
//     remembers the AGS line item (or the line item container) so grades flow back. A
//     set link is graded by the set's aggregate (NewSetScore).
//  4. Deep linking: an LtiDeepLinkingRequest opens a picker; Tool.DeepLinkResponse signs
//     the LtiDeepLinkingResponse (ltiResourceLink items for questions, topics or a list
//     of questions, each with a line item) that the page form-POSTs back to the platform.
//  5. Services: Tool.DeliverScore (Assignment and Grade Services 2.0: timestamps strictly
//     increasing per grade target in whole seconds, a refusal as not newer handled as
//     the platforms answer it), Tool.EnsureLineItem
//     (finds or creates a link's line item in the container when the launch gave none)
//     and Tool.Members (Names and Role Provisioning Services 2.0) call the platform with
//     an access token obtained by the client-credentials grant with a signed JWT
//     assertion, cached until it expires.
//
// The tool's own RSA keys live in the database (Store), are generated on first start,
// and rotate: Tool.JWKS publishes the newest key and its predecessors for an overlap
// period; private keys never leave the server.
package lti
