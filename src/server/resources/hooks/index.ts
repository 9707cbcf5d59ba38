// Resource-specific repository rules; importing this module registers them.
import './sysUser';
import './sysTenant';
import './sysConfig';
import './tpf3Engineering';
import './tpf3Project';
import '../../stages/factorCopy';
import '../../stages/rowRules';
import '../../factors/label';
