import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { RecordView } from "@/components/robot/inspection-record/record-view";
import { recordApi } from "@/lib/contract/robot/record";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.viewInspectionRecord");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={recordApi.info} searchParams={searchParams}>
      <RecordView />
    </RowFallback>
  );
}
