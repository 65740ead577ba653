// The Mastodon entities our client API answers with, as the masto library
// declares them (its own TypeScript types, in camelCase as masto hands them
// to apps), v1's first, then v2's after the line '// v2' (their names
// overlap, so each is generated on its own). lib/mastodon-shapes.mjs turns each alias into a JSON Schema with
// ts-json-schema-generator and checks the answers of the journeys with it.
import type { mastodon } from 'masto';

export type Account = mastodon.v1.Account;
export type CredentialAccount = mastodon.v1.CredentialAccount;
export type Application = mastodon.v1.Application;
export type Client = mastodon.v1.Client;
export type Status = mastodon.v1.Status;
export type StatusSource = mastodon.v1.StatusSource;
export type StatusEdit = mastodon.v1.StatusEdit;
export type Context = mastodon.v1.Context;
export type MediaAttachment = mastodon.v1.MediaAttachment;
export type Notification = mastodon.v1.Notification;
export type Relationship = mastodon.v1.Relationship;
export type Tag = mastodon.v1.Tag;
export type Marker = mastodon.v1.Marker;
export type Preference = mastodon.v1.Preference;
export type Instance = mastodon.v1.Instance;
export type Translation = mastodon.v1.Translation;
export type List = mastodon.v1.List;
export type Conversation = mastodon.v1.Conversation;
export type FamiliarFollowers = mastodon.v1.FamiliarFollowers;
export type Suggestion = mastodon.v1.Suggestion;
export type Token = mastodon.v1.Token;
export type Rule = mastodon.v1.Rule;
export type CustomEmoji = mastodon.v1.CustomEmoji;
export type Announcement = mastodon.v1.Announcement;
export type FeaturedTag = mastodon.v1.FeaturedTag;
export type ExtendedDescription = mastodon.v1.ExtendedDescription;
export type DomainBlock = mastodon.v1.DomainBlock;
export type Activity = mastodon.v1.Activity;
export type WebPushSubscription = mastodon.v1.WebPushSubscription;
// v2
export type Instance = mastodon.v2.Instance;
export type Filter = mastodon.v2.Filter;
export type Search = mastodon.v2.Search;
