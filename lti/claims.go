package lti

import (
	"slices"
	"strings"

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

// The role vocabularies of LTI 1.3 core §A.2.
const (
	contextRolePrefix     = "http://purl.imsglobal.org/vocab/lis/v2/membership#"
	contextSubRolePrefix  = "http://purl.imsglobal.org/vocab/lis/v2/membership/"
	systemRolePrefix      = "http://purl.imsglobal.org/vocab/lis/v2/system/person#"
	institutionRolePrefix = "http://purl.imsglobal.org/vocab/lis/v2/institution/person#"
)

// contextRoleNames are the context roles of LTI 1.3 core §A.2.3, which platforms may
// also send as simple names ("Instructor").
var contextRoleNames = []string{"Administrator", "ContentDeveloper", "Instructor", "Learner", "Manager", "Member", "Mentor", "Officer"}

// ContextRole returns the context role a role claim value names, "" when it names none
// (a system or institution role, or something unknown): a context role URI
// (membership#Instructor), a context sub-role URI counts as its principal role
// (membership/Instructor#TeachingAssistant is "Instructor"), and a simple name of a
// context role stands for itself.
func ContextRole(role string) string {
	role = strings.TrimSpace(role)
	var name string
	switch {
	case strings.HasPrefix(role, contextRolePrefix):
		name = role[len(contextRolePrefix):]
	case strings.HasPrefix(role, contextSubRolePrefix):
		principal, sub, ok := strings.Cut(role[len(contextSubRolePrefix):], "#")
		if !ok || sub == "" {
			return ""
		}
		name = principal
	default:
		name = role
	}
	if slices.Contains(contextRoleNames, name) {
		return name
	}
	return ""
}

// IsInstructorRole reports whether a role may set up looplab in a course (deep
// linking): the context roles Instructor (with its sub-roles, TeachingAssistant among
// them), Administrator and ContentDeveloper, as URIs or simple names, and the
// platform's administrators (the system roles Administrator and SysAdmin, the
// institution role Administrator). Mentor, Manager, Member, Officer and the
// institution roles Instructor, Faculty and Staff are not: a teacher of the
// institution may be a student of this course.
func IsInstructorRole(role string) bool {
	switch ContextRole(role) {
	case "Instructor", "Administrator", "ContentDeveloper":
		return true
	}
	switch strings.TrimSpace(role) {
	case systemRolePrefix + "Administrator", systemRolePrefix + "SysAdmin", institutionRolePrefix + "Administrator":
		return true
	}
	return false
}

// IsLearnerRole reports whether a role is the context role Learner (its URI, a
// sub-role of it, or the simple name "Learner"): the launches and members looplab
// sends grades for. Institution roles (Student, Learner) say nothing about the course.
func IsLearnerRole(role string) bool { return ContextRole(role) == "Learner" }

// IsInstructor reports whether the roles include an instructor-like role
// (IsInstructorRole).
func (c *Claims) IsInstructor() bool { return slices.ContainsFunc(c.Roles, IsInstructorRole) }

// IsLearner reports whether the roles include the context role Learner
// (IsLearnerRole): only such launches get a grade target.
func (c *Claims) IsLearner() bool { return slices.ContainsFunc(c.Roles, IsLearnerRole) }
