package lti

import (
	"slices"

	"github.com/golang-jwt/jwt/v5"
)

// The LTI 1.3 claim names (LTI Core 1.3 §5, Deep Linking 2.0 §4, AGS 2.0 §3.1, NRPS 2.0).
const (
	ClaimMessageType       = "https://purl.imsglobal.org/spec/lti/claim/message_type"
	ClaimVersion           = "https://purl.imsglobal.org/spec/lti/claim/version"
	ClaimDeploymentID      = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
	ClaimTargetLinkURI     = "https://purl.imsglobal.org/spec/lti/claim/target_link_uri"
	ClaimResourceLink      = "https://purl.imsglobal.org/spec/lti/claim/resource_link"
	ClaimRoles             = "https://purl.imsglobal.org/spec/lti/claim/roles"
	ClaimContext           = "https://purl.imsglobal.org/spec/lti/claim/context"
	ClaimCustom            = "https://purl.imsglobal.org/spec/lti/claim/custom"
	ClaimLaunchPresent     = "https://purl.imsglobal.org/spec/lti/claim/launch_presentation"
	ClaimDeepLinking       = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
	ClaimDeepLinkData      = "https://purl.imsglobal.org/spec/lti-dl/claim/data"
	ClaimContentItems      = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items"
	ClaimDeepLinkMsg       = "https://purl.imsglobal.org/spec/lti-dl/claim/msg"
	ClaimAGSEndpoint       = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
	ClaimNRPS              = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
	MessageResourceLink    = "LtiResourceLinkRequest"
	MessageDeepLinking     = "LtiDeepLinkingRequest"
	MessageDeepLinkingResp = "LtiDeepLinkingResponse"
	Version                = "1.3.0"

	ScopeScore     = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
	ScopeLineItem  = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
	ScopeNRPS      = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
	RoleInstructor = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
)

// Claims is an LTI id_token: the registered JWT claims, the OpenID Connect profile
// claims looplab uses, and the LTI claims.
type Claims struct {
	jwt.RegisteredClaims
	AZP        string `json:"azp,omitempty"`
	Nonce      string `json:"nonce"`
	Name       string `json:"name,omitempty"`
	GivenName  string `json:"given_name,omitempty"`
	FamilyName string `json:"family_name,omitempty"`
	Locale     string `json:"locale,omitempty"`

	MessageType   string            `json:"https://purl.imsglobal.org/spec/lti/claim/message_type"`
	Version       string            `json:"https://purl.imsglobal.org/spec/lti/claim/version"`
	DeploymentID  string            `json:"https://purl.imsglobal.org/spec/lti/claim/deployment_id"`
	TargetLinkURI string            `json:"https://purl.imsglobal.org/spec/lti/claim/target_link_uri"`
	ResourceLink  *ResourceLink     `json:"https://purl.imsglobal.org/spec/lti/claim/resource_link,omitempty"`
	Roles         []string          `json:"https://purl.imsglobal.org/spec/lti/claim/roles"`
	Context       *Context          `json:"https://purl.imsglobal.org/spec/lti/claim/context,omitempty"`
	Custom        map[string]string `json:"https://purl.imsglobal.org/spec/lti/claim/custom,omitempty"`
	Presentation  *Presentation     `json:"https://purl.imsglobal.org/spec/lti/claim/launch_presentation,omitempty"`
	DeepLinking   *DeepLinkSettings `json:"https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings,omitempty"`
	AGS           *AGSEndpoint      `json:"https://purl.imsglobal.org/spec/lti-ags/claim/endpoint,omitempty"`
	NRPS          *NRPSEndpoint     `json:"https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice,omitempty"`
}

// ResourceLink is the resource_link claim: the platform's placement of the tool.
type ResourceLink struct {
	ID          string `json:"id"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
}

// Context is the context claim: usually a course.
type Context struct {
	ID    string   `json:"id"`
	Label string   `json:"label,omitempty"`
	Title string   `json:"title,omitempty"`
	Type  []string `json:"type,omitempty"`
}

// Presentation is the launch_presentation claim.
type Presentation struct {
	Locale         string `json:"locale,omitempty"`
	DocumentTarget string `json:"document_target,omitempty"`
	ReturnURL      string `json:"return_url,omitempty"`
}

// DeepLinkSettings is the deep_linking_settings claim of an LtiDeepLinkingRequest.
type DeepLinkSettings struct {
	ReturnURL      string   `json:"deep_link_return_url"`
	AcceptTypes    []string `json:"accept_types"`
	AcceptMultiple *bool    `json:"accept_multiple,omitempty"`
	AcceptLineItem *bool    `json:"accept_lineitem,omitempty"`
	AutoCreate     *bool    `json:"auto_create,omitempty"`
	Title          string   `json:"title,omitempty"`
	Text           string   `json:"text,omitempty"`
	Data           string   `json:"data,omitempty"`
}

// AGSEndpoint is the Assignment and Grade Services claim.
type AGSEndpoint struct {
	Scope     []string `json:"scope"`
	LineItems string   `json:"lineitems,omitempty"`
	LineItem  string   `json:"lineitem,omitempty"`
}

// CanScore reports whether scores can be posted for the link: the platform granted the
// score scope, and either gave the link's line item or lets looplab find or create it
// (CanCreateLineItem).
func (a *AGSEndpoint) CanScore() bool {
	return a != nil && a.granted(ScopeScore) && (a.LineItem != "" || a.CanCreateLineItem())
}

// CanCreateLineItem reports whether the platform offers the line item container and
// granted the lineitem scope, so the tool may find or create the link's line item.
func (a *AGSEndpoint) CanCreateLineItem() bool {
	return a != nil && a.LineItems != "" && a.granted(ScopeLineItem)
}

func (a *AGSEndpoint) granted(scope string) bool { return slices.Contains(a.Scope, scope) }

// NRPSEndpoint is the Names and Role Provisioning Services claim.
type NRPSEndpoint struct {
	ContextMembershipsURL string   `json:"context_memberships_url"`
	ServiceVersions       []string `json:"service_versions,omitempty"`
}

// LaunchLocale returns the launch locale: launch_presentation.locale, else the OIDC locale.
func (c *Claims) LaunchLocale() string {
	if c.Presentation != nil && c.Presentation.Locale != "" {
		return c.Presentation.Locale
	}
	return c.Locale
}

// DisplayName is the user's name as the platform gives it (possibly empty).
func (c *Claims) DisplayName() string {
	if c.Name != "" {
		return c.Name
	}
	switch {
	case c.GivenName != "" && c.FamilyName != "":
		return c.GivenName + " " + c.FamilyName
	case c.GivenName != "":
		return c.GivenName
	}
	return c.FamilyName
}

// IsInstructor reports whether the roles include an instructor-like role (instructor,
// administrator, content developer), in the context or the institution vocabulary.
func (c *Claims) IsInstructor() bool {
	for _, r := range c.Roles {
		for _, suffix := range []string{"#Instructor", "#Administrator", "#ContentDeveloper", "/Instructor", "/Administrator"} {
			if len(r) >= len(suffix) && r[len(r)-len(suffix):] == suffix {
				return true
			}
		}
	}
	return false
}
