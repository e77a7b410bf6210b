// The whole terms or privacy page: banner, page title and the numbered sections, which name the
// company, so both pages are only their texts.
import type { ReactNode } from 'react';
import { PageBanner } from './PageBanner';
import { LegalText, type LegalSection } from './LegalText';
import { useCompany, type CompanyDetails } from '../lib/company';
import { usePageTitle } from '../lib/usePageTitle';

export function LegalSectionsPage({
  title,
  intro,
  sections,
  updated,
}: {
  title: string;
  intro: (company: CompanyDetails) => ReactNode;
  sections: (company: CompanyDetails) => LegalSection[];
  updated: string;
}) {
  const company = useCompany();
  usePageTitle(title);
  return (
    <>
      <PageBanner title={title} />
      <LegalText intro={intro(company)} sections={sections(company)} updated={updated} />
    </>
  );
}
