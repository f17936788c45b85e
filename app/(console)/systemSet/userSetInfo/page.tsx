import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { UserInfoView } from "@/components/system-set/user-set-info/user-set-info-detail";
import { userApi } from "@/lib/contract/system/user";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.userSetInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={userApi.info} searchParams={searchParams}>
      <UserInfoView />
    </RowFallback>
  );
}
