import { HomeLink } from '@/components/layout/home-link';
import { PageHeader } from '@/components/layout/page-header';
import { ProvidersSection } from './providers-section';
import { ShortcutsSection } from './shortcuts-section';

/** The docs the app serves: what a member in the browser cannot read in the server's files. */
export function AboutPage() {
  return (
    <>
      <PageHeader title="About" description="Ideaforge: team brainstorming with language models." />
      <div className="grid max-w-prose gap-8 text-sm">
        <ProvidersSection />
        <ShortcutsSection />
        <div>
          <HomeLink />
        </div>
      </div>
    </>
  );
}
