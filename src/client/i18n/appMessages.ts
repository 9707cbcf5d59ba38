// The app's own texts (namespace `app.*`).
import { APP_TITLE, MSG } from '../constants';

export const appMessages = {
  app: {
    title: APP_TITLE,
    home: '首页',
    system: '系统管理',
    divisor: '因子库管理',
    trial: '试用账号',
    comingSoon: MSG.comingSoon,
    login: {
      title: '账号登录',
      username: '账号',
      password: '密码',
      remember: '记住我(7天)',
      submit: '登录',
      usernameRequired: '请输入账号',
      passwordRequired: '请输入密码',
    },
    dashboard: {
      welcome: '欢迎使用碳算',
      subtitle: '建筑全生命周期碳排放计算（GB/T 51366-2019）',
      projectManage: '项目管理',
      statistics: '统计分析',
    },
    notFound: { title: '很抱歉，页面未找到', back: '返回首页' },
    holdOn: { title: '系统维护中', message: '系统正在维护升级，请稍后再访问。' },
    list: {
      add: '新增',
      batchDelete: '批量删除',
      clearAll: '清空数据',
      edit: '编辑',
      delete: '删除',
      actions: '操作',
      noData: MSG.noData,
      confirmDelete: '确定要删除这条数据吗？',
      confirmBatchDelete: '确定要删除选中的 %{count} 条数据吗？',
      confirmClear: '确定要清空全部数据吗？此操作不可恢复。',
      min: '最小值',
      max: '最大值',
      search: '搜索',
    },
    form: { save: '保存', cancel: '取消', create: '新增', edit: '编辑' },
  },
} as const;
