import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ApiReference } from '@/components/developers/api-reference';
import { originOf } from '@/lib/server/http';
import { openApiDocument } from '@/lib/server/openapi/document';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('developers');
  return { title: t('title') };
}

/** /developers: the API reference, read from the same description /api/openapi.json serves. */
export default async function DevelopersPage() {
  return <ApiReference document={openApiDocument()} origin={originOf(await headers())} />;
}
