// SPEC §2 Profile tab: Basic Information and Music Industry Profile. Read as text while viewing (with the empty
// texts 'Not provided', 'No bio provided', 'Not specified', 'No genres specified'); inputs in edit mode.

import { NAME_MAX } from '@mixdesk/contract/auth';
import {
  BIO_MAX,
  EXPERIENCE_LEVELS,
  LOCATION_MAX,
  PHONE_MAX,
  PROFESSIONS,
  PROFILE_GENRES,
  type Profile,
} from '@mixdesk/contract/profile';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Select } from '../../ui/select';
import type { ProfileEditor } from './use-profile-editor';

function ReadOnly({ label, children, empty }: { label: string; children: ReactNode; empty?: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className={empty ? 'text-base text-subtle italic' : 'text-base break-words whitespace-pre-line'}>
        {children}
      </dd>
    </div>
  );
}

export function ProfileTab({ profile, editor }: { profile: Profile; editor: ProfileEditor }) {
  const { editing, draft, set, fieldErrors: errors } = editor;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Basic Information</CardTitle>
        </CardHeader>
        <CardContent>
          {editing ? (
            <div className="flex flex-col gap-4">
              <Field label="Full Name" error={errors.name}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="name"
                    maxLength={NAME_MAX}
                    value={draft.name}
                    onChange={(e) => set('name', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Email" hint="Your sign-in address; it cannot be changed here.">
                {(control) => <Input {...control} type="email" value={profile.email} readOnly />}
              </Field>
              <Field
                label="Phone"
                hint="Digits, spaces and + ( ) - . e.g. +1 (555) 123-4567"
                error={errors.phone}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="tel"
                    autoComplete="tel"
                    maxLength={PHONE_MAX}
                    placeholder="+1 (555) 123-4567"
                    value={draft.phone}
                    onChange={(e) => set('phone', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Location" hint="City, State, Country" error={errors.location}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="address-level2"
                    maxLength={LOCATION_MAX}
                    placeholder="City, State, Country"
                    value={draft.location}
                    onChange={(e) => set('location', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Bio" hint={`${draft.bio.length} / ${BIO_MAX}`} error={errors.bio}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={4}
                    maxLength={BIO_MAX}
                    placeholder="Tell collaborators about your work"
                    value={draft.bio}
                    onChange={(e) => set('bio', e.target.value)}
                  />
                )}
              </Field>
            </div>
          ) : (
            <dl className="flex flex-col gap-4">
              <ReadOnly label="Full Name">{profile.name}</ReadOnly>
              <ReadOnly label="Email">{profile.email}</ReadOnly>
              <ReadOnly label="Phone" empty={!profile.phone}>
                {profile.phone || 'Not provided'}
              </ReadOnly>
              <ReadOnly label="Location" empty={!profile.location}>
                {profile.location || 'Not provided'}
              </ReadOnly>
              <ReadOnly label="Bio" empty={!profile.bio}>
                {profile.bio || 'No bio provided'}
              </ReadOnly>
            </dl>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Music Industry Profile</CardTitle>
        </CardHeader>
        <CardContent>
          {editing ? (
            <div className="flex flex-col gap-4">
              <Field label="Profession" error={errors.profession}>
                {(control) => (
                  <Select
                    {...control}
                    value={draft.profession}
                    onChange={(e) => set('profession', e.target.value)}
                  >
                    <option value="">Select Profession</option>
                    {PROFESSIONS.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Experience Level" error={errors.experience}>
                {(control) => (
                  <Select
                    {...control}
                    value={draft.experience}
                    onChange={(e) => set('experience', e.target.value)}
                  >
                    <option value="">Select Experience</option>
                    {EXPERIENCE_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">Genres</legend>
                <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                  {PROFILE_GENRES.map((genre) => (
                    <Checkbox
                      key={genre}
                      label={genre}
                      checked={draft.genres.includes(genre)}
                      onCheckedChange={(checked) =>
                        set(
                          'genres',
                          checked === true
                            ? PROFILE_GENRES.filter((g) => g === genre || draft.genres.includes(g))
                            : draft.genres.filter((g) => g !== genre),
                        )
                      }
                    />
                  ))}
                </div>
                {errors.genres && <p className="text-xs text-danger">{errors.genres}</p>}
              </fieldset>
            </div>
          ) : (
            <dl className="flex flex-col gap-4">
              <ReadOnly label="Profession" empty={!profile.profession}>
                {profile.profession || 'Not specified'}
              </ReadOnly>
              <ReadOnly label="Experience Level" empty={!profile.experience}>
                {profile.experience || 'Not specified'}
              </ReadOnly>
              <ReadOnly label="Genres" empty={profile.genres.length === 0}>
                {profile.genres.length === 0 ? (
                  'No genres specified'
                ) : (
                  <span className="flex flex-wrap gap-1.5">
                    {profile.genres.map((g) => (
                      <Badge key={g} tone="accent">
                        {g}
                      </Badge>
                    ))}
                  </span>
                )}
              </ReadOnly>
            </dl>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
