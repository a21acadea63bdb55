// A track's body: its audio (player, reviews, comments, versions) and, when the route hands one in, a Credits
// tab (the catalog feature's: a feature does not import another). The audio stays mounted while Credits is
// open, so what is playing keeps playing.
import type { ComponentType, ReactNode } from 'react';
import { CardContent } from '../../../ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';

export interface CreditsTabProps {
  projectId: string;
  trackId: string;
  trackTitle: string;
  canEdit: boolean;
}
export type CreditsTab = ComponentType<CreditsTabProps>;

interface Props extends CreditsTabProps {
  credits?: CreditsTab;
  children: ReactNode;
}

export function TrackTabs({ credits: Credits, children, ...track }: Props) {
  const audio = <CardContent className="flex flex-col gap-5">{children}</CardContent>;
  if (!Credits) return audio;
  return (
    <Tabs defaultValue="audio">
      <div className="px-5 pt-3">
        <TabsList aria-label={`Sections of ${track.trackTitle}`}>
          <TabsTrigger value="audio">Audio</TabsTrigger>
          <TabsTrigger value="credits">Credits</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="audio" forceMount className="data-[state=inactive]:hidden">
        {audio}
      </TabsContent>
      <TabsContent value="credits">
        <CardContent>
          <Credits {...track} />
        </CardContent>
      </TabsContent>
    </Tabs>
  );
}
